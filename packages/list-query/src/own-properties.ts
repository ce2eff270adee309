/** Sets an own property, even one named `__proto__`, so a query param can never reach a prototype. */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Reads only own properties, so a field named `constructor` or `toString` is not found on the prototype. */
export function getOwn<T extends object>(target: T, key: string): T[keyof T] | undefined {
  return Object.hasOwn(target, key) ? (Reflect.get(target, key) as T[keyof T]) : undefined;
}
