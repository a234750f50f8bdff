// Generated from contract/openapi.yaml by `npm run generate` (scripts/request-validators.ts). Do not edit by hand.
'use strict';
function general(formats) {
const exports = {};
const module = { exports };
"use strict";exports.general = validate117;const schema117 = {"required":["query","headers","params"],"properties":{"query":{},"headers":{},"params":{},"cookies":{},"body":{}}};function validate117(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate117.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){let missing0;if((((data.query === undefined) && (missing0 = "query")) || ((data.headers === undefined) && (missing0 = "headers"))) || ((data.params === undefined) && (missing0 = "params"))){validate117.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];return false;}}validate117.errors = vErrors;return errors === 0;}validate117.evaluated = {"props":{"query":true,"headers":true,"params":true,"cookies":true,"body":true},"dynamicProps":false,"dynamicItems":false};
return exports;
}
function body(formats) {
const exports = {};
const module = { exports };
"use strict";exports.none = validate1;const schema1 = {"properties":{"query":{},"headers":{},"params":{},"cookies":{},"body":{}}};function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate1.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}validate1.errors = vErrors;return errors === 0;}validate1.evaluated = {"props":{"query":true,"headers":true,"params":true,"cookies":true,"body":true},"dynamicProps":false,"dynamicItems":false};
return exports;
}
module.exports = { general, body };
