import { useSyncExternalStore } from 'react';

/** The specification's storage name: the key survives reloads until Logout. */
const STORAGE_KEY = 'adminKey';
const listeners = new Set<() => void>();
/** Where the key lives when the browser refuses storage (private modes, policies): this tab only. */
let memoryKey = '';

function read(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return memoryKey;
  }
}

function write(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    memoryKey = value ?? '';
  }
  listeners.forEach((l) => l());
}

export const getAdminKey = read;
export const saveAdminKey = (key: string) => write(key);
/** Logout, and what a 401 does: the screens fall back to the key gate. */
export const clearAdminKey = () => write(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging out (or in) is seen here too.
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAdminKey(): string {
  return useSyncExternalStore(subscribe, read, () => '');
}
