export const id = 136;
export const ids = [136,338];
export const modules = {

/***/ 60878:
/***/ ((module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.MissingRefError = exports.ValidationError = exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = exports.Ajv2019 = void 0;
const core_1 = __webpack_require__(63893);
const draft7_1 = __webpack_require__(39941);
const dynamic_1 = __webpack_require__(59923);
const next_1 = __webpack_require__(17844);
const unevaluated_1 = __webpack_require__(62010);
const discriminator_1 = __webpack_require__(28886);
const json_schema_2019_09_1 = __webpack_require__(95375);
const META_SCHEMA_ID = "https://json-schema.org/draft/2019-09/schema";
class Ajv2019 extends core_1.default {
    constructor(opts = {}) {
        super({
            ...opts,
            dynamicRef: true,
            next: true,
            unevaluated: true,
        });
    }
    _addVocabularies() {
        super._addVocabularies();
        this.addVocabulary(dynamic_1.default);
        draft7_1.default.forEach((v) => this.addVocabulary(v));
        this.addVocabulary(next_1.default);
        this.addVocabulary(unevaluated_1.default);
        if (this.opts.discriminator)
            this.addKeyword(discriminator_1.default);
    }
    _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        const { $data, meta } = this.opts;
        if (!meta)
            return;
        json_schema_2019_09_1.default.call(this, $data);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
    }
    defaultMeta() {
        return (this.opts.defaultMeta =
            super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : undefined));
    }
}
exports.Ajv2019 = Ajv2019;
module.exports = exports = Ajv2019;
module.exports.Ajv2019 = Ajv2019;
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports["default"] = Ajv2019;
var validate_1 = __webpack_require__(87881);
Object.defineProperty(exports, "KeywordCxt", ({ enumerable: true, get: function () { return validate_1.KeywordCxt; } }));
var codegen_1 = __webpack_require__(81436);
Object.defineProperty(exports, "_", ({ enumerable: true, get: function () { return codegen_1._; } }));
Object.defineProperty(exports, "str", ({ enumerable: true, get: function () { return codegen_1.str; } }));
Object.defineProperty(exports, "stringify", ({ enumerable: true, get: function () { return codegen_1.stringify; } }));
Object.defineProperty(exports, "nil", ({ enumerable: true, get: function () { return codegen_1.nil; } }));
Object.defineProperty(exports, "Name", ({ enumerable: true, get: function () { return codegen_1.Name; } }));
Object.defineProperty(exports, "CodeGen", ({ enumerable: true, get: function () { return codegen_1.CodeGen; } }));
var validation_error_1 = __webpack_require__(33021);
Object.defineProperty(exports, "ValidationError", ({ enumerable: true, get: function () { return validation_error_1.default; } }));
var ref_error_1 = __webpack_require__(53162);
Object.defineProperty(exports, "MissingRefError", ({ enumerable: true, get: function () { return ref_error_1.default; } }));
//# sourceMappingURL=2019.js.map

/***/ }),

/***/ 95375:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const metaSchema = __webpack_require__(88138);
const applicator = __webpack_require__(4908);
const content = __webpack_require__(80958);
const core = __webpack_require__(90058);
const format = __webpack_require__(36534);
const metadata = __webpack_require__(20711);
const validation = __webpack_require__(78030);
const META_SUPPORT_DATA = ["/properties"];
function addMetaSchema2019($data) {
    ;
    [
        metaSchema,
        applicator,
        content,
        core,
        with$data(this, format),
        metadata,
        with$data(this, validation),
    ].forEach((sch) => this.addMetaSchema(sch, undefined, false));
    return this;
    function with$data(ajv, sch) {
        return $data ? ajv.$dataMetaSchema(sch, META_SUPPORT_DATA) : sch;
    }
}
exports["default"] = addMetaSchema2019;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 4338:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  OutputSchemaError: () => (/* binding */ OutputSchemaError),
  compileAnswerSchema: () => (/* binding */ compileAnswerSchema)
});

// EXTERNAL MODULE: ./node_modules/ajv/dist/ajv.js
var dist_ajv = __webpack_require__(42463);
// EXTERNAL MODULE: ./node_modules/ajv/dist/2019.js
var _2019 = __webpack_require__(60878);
// EXTERNAL MODULE: ./node_modules/ajv/dist/2020.js
var _2020 = __webpack_require__(52210);
// EXTERNAL MODULE: ./node_modules/ajv-formats/dist/index.js
var dist = __webpack_require__(82815);
var dist_default = /*#__PURE__*/__webpack_require__.n(dist);
// EXTERNAL MODULE: ./src/limits.ts
var limits = __webpack_require__(30351);
;// CONCATENATED MODULE: ./src/schema/strict-schema.ts
/**
 * Whether an output schema can go to the provider in strict mode, where the provider's decoder
 * holds the answer to the schema exactly. Strict mode takes a subset of JSON Schema: every object
 * lists all its properties as required and allows no others, and only some keywords may appear.
 *
 * The one change made here is `additionalProperties: false` on objects that say nothing about
 * extra properties: it only narrows what validates, so an answer the provider enforces still
 * matches the user's schema. Making optional properties required (and nullable) would widen it,
 * so a schema with an optional property is sent non-strict instead, and the run's own validator
 * (with its repair turn) is what holds the answer to it. So is a schema with any keyword outside
 * the subset below.
 */
// The keywords OpenAI's strict mode documents as supported, plus annotations it ignores.
const STRICT_KEYWORDS = new Set([
    'type',
    'properties',
    'required',
    'additionalProperties',
    'items',
    'enum',
    'const',
    'anyOf',
    '$ref',
    '$defs',
    'definitions',
    'description',
    'title',
    'default',
    'examples',
    'pattern',
    'format',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minItems',
    'maxItems',
]);
const STRICT_FORMATS = new Set([
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uuid',
]);
/** Keywords whose value is one schema, a map of schemas, or a list of schemas. */
const ONE = ['items', 'additionalProperties'];
const MAP = ['properties', '$defs', 'definitions'];
const LIST = ['anyOf'];
/** The schema as strict mode takes it (object root), or undefined when it cannot be strict. */
function strictFit(schema) {
    if (schema['type'] !== 'object')
        return undefined;
    return fit(schema);
}
function fit(node) {
    if (node === true)
        return {};
    if (!isSchema(node))
        return undefined;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
        if (!STRICT_KEYWORDS.has(key))
            return undefined;
        if (key === 'format' && !STRICT_FORMATS.has(String(value)))
            return undefined;
        if (ONE.includes(key)) {
            if (key === 'additionalProperties' && value === false)
                out[key] = false;
            else if (key === 'additionalProperties')
                return undefined;
            else {
                const child = fit(value);
                if (!child)
                    return undefined;
                out[key] = child;
            }
        }
        else if (MAP.includes(key)) {
            if (!isSchema(value))
                return undefined;
            const children = {};
            for (const [name, child] of Object.entries(value)) {
                const fitted = fit(child);
                if (!fitted)
                    return undefined;
                children[name] = fitted;
            }
            out[key] = children;
        }
        else if (LIST.includes(key)) {
            if (!Array.isArray(value))
                return undefined;
            const children = value.map(fit);
            if (children.some((child) => child === undefined))
                return undefined;
            out[key] = children;
        }
        else
            out[key] = value;
    }
    if (isObjectSchema(node)) {
        const properties = Object.keys(isSchema(node['properties']) ? node['properties'] : {});
        const required = Array.isArray(node['required']) ? node['required'] : [];
        if (properties.length === 0 || properties.some((name) => !required.includes(name)))
            return undefined;
        out['additionalProperties'] = false;
    }
    return out;
}
function isObjectSchema(node) {
    const type = node['type'];
    return type === 'object' || (Array.isArray(type) && type.includes('object')) || 'properties' in node;
}
function isSchema(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/schema/answer-schema.ts
/**
 * The `output-schema` compiled once per run: a real JSON Schema validator (Ajv, with the standard
 * formats) for the answer, and the schema in the shapes the model is asked with — a response
 * format (its root an object, as providers require: any other root is wrapped as `{"result": …}`)
 * and the `final_answer` tool's parameters (`{"answer": …}`). The dialect follows `$schema`
 * (2020-12 when none is named). Imported only by runs that set the input, so Ajv costs the others
 * nothing at start-up.
 */






// ajv-formats is CommonJS with its function as `default`.
const addFormats = (dist_default());
/** The schema was not one Ajv can compile; the message names what is wrong. */
class OutputSchemaError extends Error {
    name = 'OutputSchemaError';
}
/** Compiles `schema`; throws {@link OutputSchemaError} when it is not a usable JSON Schema. */
function compileAnswerSchema(schema) {
    const validate = compile(schema);
    const objectRoot = schema['type'] === 'object';
    const inner = withoutRootKeywords(schema);
    const formatSchema = objectRoot ? inner : wrap('result', inner);
    const strict = strictFit(formatSchema);
    return {
        format: { name: schemaName(schema), schema: strict ?? formatSchema, strict: strict !== undefined },
        fromFormat: (reply) => objectRoot ? reply : reply && typeof reply === 'object' ? reply['result'] : undefined,
        toolParameters: wrap('answer', inner),
        check(answer) {
            if (answer === undefined)
                return { kind: 'invalid', errors: ['there is no answer'] };
            return validate(answer)
                ? { kind: 'valid', value: answer }
                : { kind: 'invalid', errors: describe(validate.errors) };
        },
    };
}
function compile(schema) {
    const dialect = String(schema['$schema'] ?? '');
    if (/draft-0[34]/.test(dialect))
        throw new OutputSchemaError(`output-schema names ${dialect}, which the validator does not read; use draft-07 or 2020-12`);
    const options = { allErrors: true, strict: false, validateFormats: true };
    const ajv = /2019-09/.test(dialect)
        ? new _2019.Ajv2019(options)
        : /draft-0[67]/.test(dialect)
            ? new dist_ajv.Ajv(options)
            : new _2020.Ajv2020(options);
    addFormats(ajv);
    try {
        return ajv.compile(schema);
    }
    catch (error) {
        throw new OutputSchemaError(`output-schema is not a valid JSON Schema: ${error.message}`);
    }
}
/** `{ "<key>": schema }` as an object schema; the schema's definitions move to the root, where its `$ref`s point. */
function wrap(key, schema) {
    const { $defs, definitions, ...rest } = schema;
    return {
        type: 'object',
        properties: { [key]: rest },
        required: [key],
        additionalProperties: false,
        ...($defs ? { $defs } : {}),
        ...(definitions ? { definitions } : {}),
    };
}
/** The schema as a model reads it: without the dialect and id, which mean nothing there. */
function withoutRootKeywords(schema) {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    return rest;
}
/** OpenAI requires `^[A-Za-z0-9_-]{1,64}$`; the schema's title when it has one. */
function schemaName(schema) {
    const title = typeof schema['title'] === 'string' ? schema['title'] : '';
    const name = title
        .replace(/[^A-Za-z0-9_-]+/g, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 64);
    return name || 'result';
}
/** Ajv's errors as lines a model (and a person reading the failure) can act on. */
function describe(errors) {
    const all = (errors ?? []).map((error) => {
        const where = error.instancePath ? `\`${error.instancePath}\`` : 'the answer';
        const detail = error.keyword === 'additionalProperties'
            ? ` (\`${String(error.params['additionalProperty'])}\`)`
            : error.keyword === 'enum'
                ? ` (${JSON.stringify(error.params['allowedValues'])})`
                : '';
        return `${where} ${error.message ?? 'is invalid'}${detail}`;
    });
    const shown = all.slice(0, limits/* SCHEMA_ERRORS_SHOWN */.Bd);
    if (all.length > shown.length)
        shown.push(`… and ${all.length - shown.length} more`);
    return shown.length > 0 ? shown : ['the answer does not match the schema'];
}


/***/ }),

/***/ 44136:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseSchemaText: () => (/* binding */ parseSchemaText),
/* harmony export */   readTrustedSchema: () => (/* binding */ readTrustedSchema)
/* harmony export */ });
/* harmony import */ var _limits_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(30351);
/* harmony import */ var _answer_schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4338);
/**
 * The text of an output schema → a JSON object, with errors that say where it came from and what
 * to fix. The action reads a schema file from the trusted branch (never the head a run works on,
 * which the model or a contributor could have written); the local runner from the user's disk.
 */


/** A schema's JSON text parsed; `where` names its source in the error (`output-schema`, a file). */
function parseSchemaText(text, where) {
    if (Buffer.byteLength(text) > _limits_js__WEBPACK_IMPORTED_MODULE_0__/* .OUTPUT_SCHEMA_MAX_BYTES */ .rW)
        throw new _answer_schema_js__WEBPACK_IMPORTED_MODULE_1__.OutputSchemaError(`${where} is over ${_limits_js__WEBPACK_IMPORTED_MODULE_0__/* .OUTPUT_SCHEMA_MAX_BYTES */ .rW / 1024} KiB; a JSON Schema for an answer is a few KiB`);
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new _answer_schema_js__WEBPACK_IMPORTED_MODULE_1__.OutputSchemaError(`${where} is not JSON: ${error.message}`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new _answer_schema_js__WEBPACK_IMPORTED_MODULE_1__.OutputSchemaError(`${where} must be a JSON Schema object ({ "type": …, … })`);
    return value;
}
/** The schema file's text on the trusted branch, or a clear error when it is not there. */
async function readTrustedSchema(read, filePath, branch) {
    const text = await read(filePath);
    if (text === undefined)
        throw new _answer_schema_js__WEBPACK_IMPORTED_MODULE_1__.OutputSchemaError(`output-schema names ${filePath}, which is not on the trusted branch ${branch}; schema files are read from there (never from the branch a run works on), so commit it to ${branch} or give the schema inline`);
    return parseSchemaText(text, `output-schema (${filePath} on ${branch})`);
}


/***/ }),

/***/ 4908:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/meta/applicator","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/applicator":true},"$recursiveAnchor":true,"title":"Applicator vocabulary meta-schema","type":["object","boolean"],"properties":{"additionalItems":{"$recursiveRef":"#"},"unevaluatedItems":{"$recursiveRef":"#"},"items":{"anyOf":[{"$recursiveRef":"#"},{"$ref":"#/$defs/schemaArray"}]},"contains":{"$recursiveRef":"#"},"additionalProperties":{"$recursiveRef":"#"},"unevaluatedProperties":{"$recursiveRef":"#"},"properties":{"type":"object","additionalProperties":{"$recursiveRef":"#"},"default":{}},"patternProperties":{"type":"object","additionalProperties":{"$recursiveRef":"#"},"propertyNames":{"format":"regex"},"default":{}},"dependentSchemas":{"type":"object","additionalProperties":{"$recursiveRef":"#"}},"propertyNames":{"$recursiveRef":"#"},"if":{"$recursiveRef":"#"},"then":{"$recursiveRef":"#"},"else":{"$recursiveRef":"#"},"allOf":{"$ref":"#/$defs/schemaArray"},"anyOf":{"$ref":"#/$defs/schemaArray"},"oneOf":{"$ref":"#/$defs/schemaArray"},"not":{"$recursiveRef":"#"}},"$defs":{"schemaArray":{"type":"array","minItems":1,"items":{"$recursiveRef":"#"}}}}');

/***/ }),

/***/ 80958:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/meta/content","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/content":true},"$recursiveAnchor":true,"title":"Content vocabulary meta-schema","type":["object","boolean"],"properties":{"contentMediaType":{"type":"string"},"contentEncoding":{"type":"string"},"contentSchema":{"$recursiveRef":"#"}}}');

/***/ }),

/***/ 90058:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/meta/core","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/core":true},"$recursiveAnchor":true,"title":"Core vocabulary meta-schema","type":["object","boolean"],"properties":{"$id":{"type":"string","format":"uri-reference","$comment":"Non-empty fragments not allowed.","pattern":"^[^#]*#?$"},"$schema":{"type":"string","format":"uri"},"$anchor":{"type":"string","pattern":"^[A-Za-z][-A-Za-z0-9.:_]*$"},"$ref":{"type":"string","format":"uri-reference"},"$recursiveRef":{"type":"string","format":"uri-reference"},"$recursiveAnchor":{"type":"boolean","default":false},"$vocabulary":{"type":"object","propertyNames":{"type":"string","format":"uri"},"additionalProperties":{"type":"boolean"}},"$comment":{"type":"string"},"$defs":{"type":"object","additionalProperties":{"$recursiveRef":"#"},"default":{}}}}');

/***/ }),

/***/ 36534:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/meta/format","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/format":true},"$recursiveAnchor":true,"title":"Format vocabulary meta-schema","type":["object","boolean"],"properties":{"format":{"type":"string"}}}');

/***/ }),

/***/ 20711:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/meta/meta-data","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/meta-data":true},"$recursiveAnchor":true,"title":"Meta-data vocabulary meta-schema","type":["object","boolean"],"properties":{"title":{"type":"string"},"description":{"type":"string"},"default":true,"deprecated":{"type":"boolean","default":false},"readOnly":{"type":"boolean","default":false},"writeOnly":{"type":"boolean","default":false},"examples":{"type":"array","items":true}}}');

/***/ }),

/***/ 78030:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/meta/validation","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/validation":true},"$recursiveAnchor":true,"title":"Validation vocabulary meta-schema","type":["object","boolean"],"properties":{"multipleOf":{"type":"number","exclusiveMinimum":0},"maximum":{"type":"number"},"exclusiveMaximum":{"type":"number"},"minimum":{"type":"number"},"exclusiveMinimum":{"type":"number"},"maxLength":{"$ref":"#/$defs/nonNegativeInteger"},"minLength":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"pattern":{"type":"string","format":"regex"},"maxItems":{"$ref":"#/$defs/nonNegativeInteger"},"minItems":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"uniqueItems":{"type":"boolean","default":false},"maxContains":{"$ref":"#/$defs/nonNegativeInteger"},"minContains":{"$ref":"#/$defs/nonNegativeInteger","default":1},"maxProperties":{"$ref":"#/$defs/nonNegativeInteger"},"minProperties":{"$ref":"#/$defs/nonNegativeIntegerDefault0"},"required":{"$ref":"#/$defs/stringArray"},"dependentRequired":{"type":"object","additionalProperties":{"$ref":"#/$defs/stringArray"}},"const":true,"enum":{"type":"array","items":true},"type":{"anyOf":[{"$ref":"#/$defs/simpleTypes"},{"type":"array","items":{"$ref":"#/$defs/simpleTypes"},"minItems":1,"uniqueItems":true}]}},"$defs":{"nonNegativeInteger":{"type":"integer","minimum":0},"nonNegativeIntegerDefault0":{"$ref":"#/$defs/nonNegativeInteger","default":0},"simpleTypes":{"enum":["array","boolean","integer","null","number","object","string"]},"stringArray":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":[]}}}');

/***/ }),

/***/ 88138:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://json-schema.org/draft/2019-09/schema","$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/core":true,"https://json-schema.org/draft/2019-09/vocab/applicator":true,"https://json-schema.org/draft/2019-09/vocab/validation":true,"https://json-schema.org/draft/2019-09/vocab/meta-data":true,"https://json-schema.org/draft/2019-09/vocab/format":false,"https://json-schema.org/draft/2019-09/vocab/content":true},"$recursiveAnchor":true,"title":"Core and Validation specifications meta-schema","allOf":[{"$ref":"meta/core"},{"$ref":"meta/applicator"},{"$ref":"meta/validation"},{"$ref":"meta/meta-data"},{"$ref":"meta/format"},{"$ref":"meta/content"}],"type":["object","boolean"],"properties":{"definitions":{"$comment":"While no longer an official keyword as it is replaced by $defs, this keyword is retained in the meta-schema to prevent incompatible extensions as it remains in common use.","type":"object","additionalProperties":{"$recursiveRef":"#"},"default":{}},"dependencies":{"$comment":"\\"dependencies\\" is no longer a keyword, but schema authors should avoid redefining it to facilitate a smooth transition to \\"dependentSchemas\\" and \\"dependentRequired\\"","type":"object","additionalProperties":{"anyOf":[{"$recursiveRef":"#"},{"$ref":"meta/validation#/$defs/stringArray"}]}}}}');

/***/ })

};
