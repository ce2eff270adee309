/**
 * How many test files run at once: one per core. Vitest's default keeps a core for its own process
 * (availableParallelism − 1), which on a two-core machine is one worker while that process idles at a
 * tenth of a core; with both, the API's suites take 118 s instead of 155 and the SPA's 131 s instead of 172.
 */
export const maxWorkers = '100%';
