// Lint for every project; @nx/enforce-module-boundaries keeps apps from importing each other.
import nx from '@nx/eslint-plugin';

const boundaries = {
  enforceBuildableLibDependency: false,
  // Tests import their own library through its front door, as its users do.
  allowCircularSelfDependency: true,
  depConstraints: [
    // A service is an app; it builds on shared libraries only, never on another app.
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
    { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib'] },
    // The platform binary is the one place that assembles the apps into one process.
    { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:app', 'type:lib'] },
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  ],
};

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/gen/**', '.nx/**', '.querylane/**', 'deploy/**', 'coverage/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaries],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Only the launcher (and the benchmarks, which start it) may import apps, through their front doors.
    files: ['apps/platform/**/*.ts', 'bench/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { ...boundaries, allow: ['^@querylane/[a-z-]+/module$', '^@querylane/gateway/auth$', '^@querylane/platform/modules$'] }] },
  },
  {
    files: ['bench/**', 'tools/**', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['bench/**/*.ts', 'tools/**/*.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
];
