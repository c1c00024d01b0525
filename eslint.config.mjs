// Type-aware linting plus the layering rule of ../shared/STYLE.md: the domain
// imports nothing outside itself, the application only the domain, and
// infrastructure never the interfaces layer.
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

const FRAMEWORKS = ['express', 'typeorm', 'inversify', 'inversify-express-utils', 'jsonwebtoken', 'node-forge', 'sqlite3', 'pg', 'cron', 'pino', 'class-validator'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'static/**/*.js', 'coverage/**', 'test-results/**', '.stryker-tmp/**', 'reports/**'] },
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
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts', 'src/application/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: FRAMEWORKS.map((name) => ({ name, message: 'no frameworks in the domain or application layer' })) }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
