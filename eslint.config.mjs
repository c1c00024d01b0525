// Type-aware linting plus the layering rule of ../shared/STYLE.md: the domain
// imports nothing outside itself, the application only the domain, and
// infrastructure never the interfaces layer.
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

const FRAMEWORKS = ['express', 'typeorm', 'inversify', 'inversify-express-utils', 'jsonwebtoken', 'node-forge', 'sqlite3', 'pg', 'cron', 'pino', 'class-validator'];

/** The client package's framework entry point, off limits to any domain or application code. */
const OUTER_LAYERS_OF_PACKAGE = ['@auth-service/client/inversify'];

/** The layer zones of STYLE.md §1 for a source root laid out as domain/application/infrastructure/interfaces. */
/**
 * The feature folders of src/application, lowest first: each imports only from the ones before it
 * (docs/development.md, code layout), so no two features lean on each other.
 */
const APPLICATION_FEATURES = ['tokens', 'clients', 'consent', 'keys', 'login', 'revocation', 'users', 'oauth'];

/** One zone per forbidden direction: a feature importing one listed after it. */
function featureZones(root) {
  return APPLICATION_FEATURES.flatMap((feature, index) =>
    APPLICATION_FEATURES.slice(index + 1).map((higher) => ({
      target: `${root}/${feature}`,
      from: `${root}/${higher}`,
      message: `application features import one way (${APPLICATION_FEATURES.join(' < ')}): ${feature} may not import ${higher}`,
    })),
  );
}

function layerZones(root) {
  return [
    { target: `${root}/domain`, from: [`${root}/application`, `${root}/infrastructure`, `${root}/interfaces`], message: 'the domain imports nothing outside itself' },
    { target: `${root}/application`, from: [`${root}/infrastructure`, `${root}/interfaces`], message: 'use cases depend on domain ports only' },
    { target: `${root}/infrastructure`, from: `${root}/interfaces`, message: 'adapters never import the interfaces layer' },
    { target: `${root}/interfaces/http`, from: `${root}/infrastructure`, message: 'only the composition roots import infrastructure' },
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'node_modules/**', 'static/**/*.js', 'coverage/**', 'test-results/**', '.stryker-tmp/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: './src/application', message: 'the domain imports nothing outside itself' },
            { target: './src/domain', from: './src/infrastructure', message: 'the domain imports nothing outside itself' },
            { target: './src/domain', from: './src/interfaces', message: 'the domain imports nothing outside itself' },
            { target: './src/application', from: './src/infrastructure', message: 'use cases depend on domain ports only' },
            { target: './src/application', from: './src/interfaces', message: 'use cases depend on domain ports only' },
            { target: './src/infrastructure', from: './src/interfaces', message: 'adapters never import the interfaces layer' },
            { target: './src/interfaces/http', from: './src/infrastructure', message: 'only the composition roots import infrastructure' },
            ...featureZones('./src/application'),
            // The same layers inside the client package (packages/client/src mirrors src/).
            ...layerZones('./packages/client/src'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts', 'src/application/**/*.ts', 'packages/client/src/domain/**/*.ts', 'packages/client/src/application/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: FRAMEWORKS.map((name) => ({ name, message: 'no frameworks in the domain or application layer' })),
          // The package's root entry is framework-free (shared claims, errors, ports); its inversify subpath is not.
          patterns: [{ group: OUTER_LAYERS_OF_PACKAGE, message: 'the domain and application layers import only the framework-free root entry of the client package' }],
        },
      ],
    },
  },
  {
    files: ['src/infrastructure/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['@auth-service/client/inversify'] }] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'packages/client/test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The README's CommonJS example, as a consumer writes it.
    files: ['packages/client/examples/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
