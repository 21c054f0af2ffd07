// A browser that keeps no site data (Chromium's "Don't allow sites to save data", some private
// modes): localStorage throws, and IndexedDB cannot open. PyScript opens an IndexedDB store as it
// starts (its packages cache, which this site never uses) and stops the page when that fails.
// Where site data is blocked, this module gives the page an IndexedDB that lives in memory, just
// enough for that store, before PyScript runs (loader.js imports it first), so the page starts
// and plays; the game says itself that nothing can be kept (its saves need localStorage).
function siteDataBlocked() {
  try {
    return !window.localStorage;
  } catch {
    return true;
  }
}

// An IDBRequest's part that PyScript uses: the result and onsuccess, called after the caller
// has set its handlers.
function request(work) {
  const pending = {};
  setTimeout(() => {
    try {
      pending.result = work();
      if (pending.onsuccess) pending.onsuccess({ target: pending });
    } catch (error) {
      pending.error = error;
      if (pending.onerror) pending.onerror({ target: pending });
    }
  });
  return pending;
}

function objectStore(entries) {
  return {
    count: () => request(() => entries.size),
    clear: () => request(() => entries.clear()),
    delete: (key) => request(() => { entries.delete(key); }),
    get: (key) => request(() => entries.get(key)),
    getKey: (key) => request(() => (entries.has(key) ? key : undefined)),
    getAllKeys: () => request(() => [...entries.keys()]),
    put: (value, key) => request(() => { entries.set(key, value); return key; }),
  };
}

function database() {
  const stores = new Map();
  const named = (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name);
  };
  return {
    objectStoreNames: { get length() { return stores.size; }, contains: (name) => stores.has(name) },
    createObjectStore: (name) => objectStore(named(name)),
    transaction: (name) => ({ objectStore: () => objectStore(named(name)) }),
    close() {},
  };
}

export const blocked = siteDataBlocked();

if (blocked) {
  const memory = { open: () => request(database), deleteDatabase: () => request(() => undefined) };
  try {
    Object.defineProperty(window, "indexedDB", { value: memory, configurable: true });
  } catch (error) {
    console.warn("akropolis: site data is blocked and IndexedDB could not be replaced:", error);
  }
}
