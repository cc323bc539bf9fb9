// The CommonJS build of web-tree-sitter. ncc bundles the ESM build's `await import('module')`
// into a namespace without `createRequire`, which breaks it at start-up; the CJS build works.
module.exports = require('web-tree-sitter');
