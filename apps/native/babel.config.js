// Babel for the wrapper's Metro build (see docs/native-bridge.md "Building the host").
module.exports = { presets: ['module:@react-native/babel-preset'] };
