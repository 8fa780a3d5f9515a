// A value shared by every try-it of the page and kept where it must be (the
// environment and token in sessionStorage), for useSyncExternalStore.
export interface Shared<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function shared<T>(initial: T, storageKey?: string, parse?: (text: string) => T | undefined): Shared<T> {
  const listeners = new Set<() => void>();
  let value = initial;
  let loaded = !storageKey;
  const storage = () => {
    try {
      return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    } catch {
      return undefined; // storage refused (some embedded and private contexts)
    }
  };
  return {
    get() {
      if (!loaded) {
        loaded = true;
        const text = storage()?.getItem(storageKey!);
        const read = text === null || text === undefined ? undefined : parse?.(text);
        if (read !== undefined) value = read;
      }
      return value;
    },
    set(next) {
      value = next;
      loaded = true;
      if (storageKey) {
        try {
          storage()?.setItem(storageKey, String(next));
        } catch {
          // Full or refused: the value lives for this page.
        }
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
