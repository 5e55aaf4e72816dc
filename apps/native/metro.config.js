// Metro for the wrapper (used when building the app; see docs/native-bridge.md "Building the
// host"). The contract package lives outside this folder: Metro watches it and resolves its zod
// from the repository's node_modules.
const path = require('node:path');
const { getDefaultConfig, mergeConfig } = require('@react-native/metro-config');

const root = path.resolve(__dirname, '../..');
module.exports = mergeConfig(getDefaultConfig(__dirname), {
  watchFolders: [path.join(root, 'packages/contract'), path.join(root, 'node_modules')],
  resolver: {
    nodeModulesPaths: [path.join(__dirname, 'node_modules'), path.join(root, 'node_modules')],
    unstable_enablePackageExports: true,
  },
});
