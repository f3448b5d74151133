// Unit specs beside the code (src, apps, libs, bench: *.spec.ts) and e2e specs in test/ (*.e2e-spec.ts).
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testRegex: '((src|apps|libs|bench)/.*\\.spec|test/.*\\.e2e-spec)\\.ts$',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  // NestJS 12 and openid-client ship ES modules; compile them to CommonJS for Jest like our own code.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|@electric-sql|uid|strtok3|token-types|@tokenizer|load-esm|openid-client|oauth4webapi|jose)/)',
  ],
  // A module loaded when first needed is imported with its built name (`await import('./x.js')`, as
  // Node resolves it); here that is the TypeScript file beside it.
  // The client package's examples import it by its name: here, its sources (its build is the package's).
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@whatsapp-gateway/client$': '<rootDir>/packages/client/src/index.ts',
  },
  setupFiles: ['<rootDir>/test/support/test-env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/after-each-file.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  testTimeout: 30000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};
