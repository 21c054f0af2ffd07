// Watches the files a page fetches while it starts (its own, Pyodide's, PyScript's): a file the
// host refused, answered with an error or cut short is told at once, by its URL, instead of the
// start hanging or failing later with a stranger error. Shared by the loading screen of the game
// and the calculator (loader.js) and by the embed (embed.js).
//
// watchFetch({ optional, fail, seen, counted }) wraps window.fetch and returns the real one:
// - optional(url): a file the page starts without; its failure goes to the console only;
// - fail(url, reason): a file it cannot start without failed; reason is "HTTP 404" or the
//   browser's words for a network error or a body cut short;
// - seen(url, response): each good response, as it comes (the page may keep a copy);
// - counted(url, bytes): the bytes of the site's own files as they arrive (0 at the start).
// The page keeps the real response (a copy is read to its end), so streaming WebAssembly
// compilation and the compiled-code cache still apply.
export function watchFetch({ optional = () => false, fail, seen = () => {}, counted = () => {} }) {
  const realFetch = window.fetch.bind(window);
  const site = new URL(".", window.location.href).href;
  const failed = (url, reason) => {
    if (optional(url)) {
      console.warn(`akropolis: ${url} could not be loaded (${reason}); the page goes on without it`);
    } else {
      fail(url, reason);
    }
  };
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (err) {
      failed(url, err.message);
      throw err;
    }
    if (!response.ok) {
      failed(url, `HTTP ${response.status}`);
      return response;
    }
    seen(url, response);
    const absolute = new URL(url, window.location.href).href;
    if (!response.body || !absolute.startsWith(site)) return response;
    const reader = response.clone().body.getReader();
    const name = absolute.split("?")[0];
    counted(name, 0);
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        counted(name, value.byteLength);
      }
    })().catch((err) => { if (!optional(url)) fail(url, err.message); });
    return response;
  };
  return realFetch;
}
