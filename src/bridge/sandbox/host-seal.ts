/**
 * Whether the host page is sealed: served under a `Connection-Allowlist` the browser enforces,
 * which every frame it creates inherits, a `srcdoc` shell and the frames in it too. The probe is
 * one request to the site's own server under another origin, its host name with a trailing dot
 * (`example.com.` is the same server by DNS): an enforced allowlist that does not list that
 * origin refuses it before any connection; without one the server answers. A refusal by the
 * page's own Content-Security-Policy says nothing and reads as not sealed, as does a page whose
 * host is an IP address (a trailing dot leaves it the same origin). One probe per page.
 */
let probe: Promise<boolean> | undefined;

export function hostSealed(): Promise<boolean> {
  probe ??= probeHost();
  return probe;
}

/** Only Chromium enforces the header; elsewhere a refusal means the name did not resolve. */
const enforcesAllowlists = () =>
  (navigator as { userAgentData?: { brands: { brand: string }[] } }).userAgentData?.brands.some(
    ({ brand }) => brand === 'Chromium',
  ) === true;

function probeHost(): Promise<boolean> {
  if (!enforcesAllowlists() || !/^https?:$/.test(location.protocol)) return Promise.resolve(false);
  const url = new URL(location.href);
  url.hostname = `${url.hostname}.`;
  url.pathname = '/';
  url.search = '';
  url.hash = '';
  if (url.origin === location.origin) return Promise.resolve(false);
  let byPolicy = false;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (event.blockedURI.startsWith(url.origin)) byPolicy = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  // The violation event is queued as a task: one more task passes before the answer.
  const settle = (refused: boolean) =>
    new Promise<boolean>((resolve) =>
      setTimeout(() => {
        document.removeEventListener('securitypolicyviolation', onViolation);
        resolve(refused && !byPolicy);
      }),
    );
  return fetch(url.href, {
    method: 'HEAD',
    mode: 'no-cors',
    credentials: 'omit',
    cache: 'no-store',
  }).then(
    () => settle(false),
    () => settle(true),
  );
}
