// Hides Node's `globalThis.localStorage` while json-schema-faker loads (json-schema-faker.ts imports
// this module first). Its bundled util-deprecate reads `localStorage` at load time, and on Node 25 and
// later that getter prints "ExperimentalWarning: localStorage is not available ..." unless node ran
// with --localstorage-file: a warning the user did not cause. Evaluating this module hides the
// getter; `restoreLocalStorage` puts it back as it was.
const descriptor = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
const hidden = descriptor?.configurable === true && descriptor.get !== undefined;
if (hidden) Object.defineProperty(globalThis, "localStorage", { value: undefined, configurable: true, writable: true });

export function restoreLocalStorage(): void {
  if (hidden) Object.defineProperty(globalThis, "localStorage", descriptor);
}
