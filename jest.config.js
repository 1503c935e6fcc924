/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/lib', '<rootDir>/patches', '<rootDir>/stack', '<rootDir>/deploy', '<rootDir>/subgraphs', '<rootDir>/gateway', '<rootDir>/rest-shim', '<rootDir>/web', '<rootDir>/sdk/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  // Apollo's federation suite, installed there by its spec, runs under its own jest.
  modulePathIgnorePatterns: ['<rootDir>/test/federation-compat/suite/'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
