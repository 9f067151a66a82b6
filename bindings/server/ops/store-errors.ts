/**
 * @module
 * Count a store's failures without changing what it does: every method
 * call that throws or rejects is reported (store kind, method name) and
 * the error goes on to the caller unchanged, who fails closed as before.
 */

export type StoreErrorSink = (operation: string, error: unknown) => void;

export function countingStore<T extends object>(store: T, onError: StoreErrorSink): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          onError(property, error);
          throw error;
        }
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            onError(property, error);
            throw error;
          });
        }
        return result;
      };
    },
  });
}
