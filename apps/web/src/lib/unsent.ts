/**
 * Work typed without a connection (quiz answers, an assignment's text), kept on this device in
 * localStorage until the server has it, so a closed tab or a dead battery loses nothing. One
 * store per user and piece of work (`scope`, e.g. `quiz.<userId>.<attemptId>`): a value is
 * removed only once the server accepted exactly that value (a newer one typed meanwhile stays).
 * The saves themselves are PUTs of the whole value, so sending one again never duplicates it.
 */
const PREFIX = 'klase.unsent.';

export interface UnsentStore<T> {
  all(): Record<string, T>;
  set(id: string, value: T): void;
  /** Forgets `id` if its kept value is still `value`. */
  remove(id: string, value: T): void;
  clear(): void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const unsentStore = <T>(scope: string): UnsentStore<T> => {
  const key = `${PREFIX}${scope}`;
  const read = (): Record<string, T> => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, T>) : {};
    } catch {
      return {};
    }
  };
  const write = (values: Record<string, T>) => {
    try {
      if (Object.keys(values).length > 0) localStorage.setItem(key, JSON.stringify(values));
      else localStorage.removeItem(key);
    } catch {
      // Storage full or refused: the value still lives in the page and is retried from there.
    }
  };
  return {
    all: read,
    set: (id, value) => write({ ...read(), [id]: value }),
    remove: (id, value) => {
      const values = read();
      if (!(id in values) || !same(values[id], value)) return;
      delete values[id];
      write(values);
    },
    clear: () => write({}),
  };
};
