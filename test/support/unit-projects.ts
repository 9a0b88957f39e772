/** Which files the unit projects of vitest.config.ts run, and which of them need a module registry of their own. */
/** The unit test files, beside the code they test. */
export const UNIT_FILES = [
  'shared/**/*.test.ts',
  'functions/**/*.test.ts',
  'web/src/**/*.test.{ts,tsx}',
  'infra/local/**/*.test.ts',
  'infra/scripts/**/*.test.ts',
  'test/load/**/*.test.ts',
  'test/lint/**/*.test.ts',
  'test/support/**/*.test.ts',
];
/**
 * Unit files that replace a module (vi.mock, vi.doMock, vi.resetModules) need a registry of their own: in a shared
 * one the module may already be loaded, unreplaced, by an earlier file. test/support/unit-isolation.test.ts fails
 * when a unit file replaces a module and is missing here.
 */
export const UNIT_FILES_REPLACING_MODULES = [
  '**/entities.test.ts',
  '**/feature-handler.test.ts',
  'web/src/lib/config.test.ts',
  'web/src/features/auth/validation.test.ts',
  'web/src/features/credit-applications/confetti.test.ts',
];
