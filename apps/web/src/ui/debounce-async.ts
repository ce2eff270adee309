/**
 * Debounces an async function: a call runs only once `delayMs` pass without a newer call. A superseded call
 * resolves with `superseded` (react-select's async loader ignores stale answers anyway).
 */
export function debounceAsync<TArg, TResult>(
  run: (arg: TArg) => Promise<TResult>,
  delayMs: number,
  superseded: TResult,
): (arg: TArg) => Promise<TResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settlePending: ((result: TResult) => void) | undefined;
  return (arg) =>
    new Promise<TResult>((resolve, reject) => {
      clearTimeout(timer);
      settlePending?.(superseded);
      settlePending = resolve;
      timer = setTimeout(() => {
        settlePending = undefined;
        run(arg).then(resolve, reject);
      }, delayMs);
    });
}
