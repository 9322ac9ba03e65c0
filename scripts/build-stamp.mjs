// The file a complete `npm run build` writes last, so `npm start` can tell whether the build is
// older than its sources.
export const BUILD_STAMP = 'dist/.build-stamp';
