/** A value built on first use: handlers wire their dependencies at import time without creating SDK clients or reading env then. */
export function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}
