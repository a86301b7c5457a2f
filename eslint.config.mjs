// Lint for every project; @nx/enforce-module-boundaries keeps apps from importing each other.
import nx from '@nx/eslint-plugin';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/gen/**', '.nx/**', '.querylane/**', 'deploy/**', 'coverage/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allowCircularSelfDependency: false,
          depConstraints: [
            // A service is an app; it builds on shared libraries only, never on another app.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            // The platform binary is the one place that assembles the apps into one process.
            { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:app', 'type:lib'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['bench/**', 'tools/**', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
];
