import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      // the reference host is installed and linted on its own (apps/native/eslint.config.js)
      'apps/native/**',
      'scripts/**',
      'eslint.config.js',
      // the push service worker: plain JavaScript copied as is to the site root (decision 1520)
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and route handlers are async by contract, with or without an await
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // plain JavaScript tools are not part of any TypeScript project
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
  {
    // tests read untyped JSON replies on purpose: asserting on them is the check
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/*', '../../app/*'],
              message: 'features and shared must not import from app',
            },
            {
              group: ['**/admin/*'],
              message: 'features and shared must not import from the console app (src/admin)',
            },
          ],
        },
      ],
    },
  },
  {
    // Who may import whom in the web app (issue 44): a feature never imports another feature (they
    // meet in app/ or admin/, which compose them); shared/ serves everyone and imports none of the
    // layers above it; the boot script takes only shared/ code, so its bundle stays small.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'shared', pattern: 'apps/web/src/shared' },
        { type: 'boot', pattern: 'apps/web/src/boot' },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'console-app', pattern: 'apps/web/src/admin' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { name: '!{{ from.element.captured.name }}' },
                  },
                },
              },
            },
            {
              from: { element: { type: 'shared' } },
              disallow: {
                to: { element: { types: { anyOf: ['feature', 'boot', 'app', 'console-app'] } } },
              },
            },
            {
              from: { element: { type: 'boot' } },
              disallow: {
                to: { element: { types: { anyOf: ['feature', 'app', 'console-app'] } } },
              },
            },
          ],
        },
      ],
    },
  },
  ...serverModuleBoundaries(),
  {
    // the entry points mount the apps; the console app (src/admin) is an app layer like src/app
    files: ['apps/web/src/main.tsx', 'apps/web/src/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '**/app/*', '**/admin/*'],
              message: 'shared must not import features or app',
            },
          ],
        },
      ],
    },
  },
);

/**
 * Who may import whom among the server's modules (issue 44): a module uses another through its
 * service (and the service's types), its wiring (`*.module.ts`) and, for foreign keys, its tables;
 * never its repository, routes or inner files. Three files are public by design: the operators'
 * route guard, the wallet's refusal codes and what payments lends VIP (payments.adapters). The import path is what is checked: `../<module>/`
 * from a module's own files, `../../<module>/` from a folder inside it.
 */
function serverModuleBoundaries() {
  const publicFile = String.raw`[a-z-]+\.(service|tables|module)|operator-guard|wallet-refusal|payments\.adapters`;
  const rule = (files, up, ignores = []) => ({
    files,
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.test-support.ts', ...ignores],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^${up}(?!\.)[a-z-]+/(?!(${publicFile})$)`,
              message:
                'another module is used through its service, its *.module.ts wiring or its tables, not its inner files',
            },
          ],
        },
      ],
    },
  });
  return [
    rule(['apps/server/src/modules/*/*.ts'], String.raw`\.\./`),
    rule(['apps/server/src/modules/*/*/*.ts'], String.raw`\.\./\.\./`),
  ];
}
