/** What uses `@codemirror/merge`, in one lazily loaded chunk (`load-diff.ts`). */
export { DiffViews } from '../approval/diff-views.js';
export { reviewMerge } from '../editor/review-merge.js';
