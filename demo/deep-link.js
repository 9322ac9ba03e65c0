// A deep-linked ?prompt= becomes composer text only: never run, and gone from history.
const { document, history, location } = globalThis;
const url = new URL(location.href);
const prompt = url.searchParams.get('prompt');
if (prompt) {
  document.querySelector('ca-studio').prompt = prompt.slice(0, 2000);
  url.searchParams.delete('prompt');
  history.replaceState(history.state, '', url);
}
