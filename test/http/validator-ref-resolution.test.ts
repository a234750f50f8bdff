import { expect } from 'chai';
import { validationContract } from '../../src/http/contract.js';
import { componentSchemaLookups, resolveComponentSchemasWithoutCompiling } from '../../src/http/validator-ref-resolution.js';
import { preprocessorOptions, SchemaPreprocessor, validatorRequire } from '../support/validator-preprocessor.js';

type JsonObject = Record<string, unknown>;
const { createRequestAjv } = validatorRequire('./framework/ajv') as { createRequestAjv: (doc: JsonObject, options: JsonObject) => { getSchema(ref: string): { schema: unknown } | undefined } };

describe('contract $ref resolution in express-openapi-validator preprocessing (without compiling)', function () {
  this.timeout(60_000);

  it('answers every component-schema $ref with the very object ajv.getSchema would return (===), for every component of the contract', () => {
    const document = structuredClone(validationContract());
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    const names = Object.keys(schemas);
    expect(names.length).to.be.greaterThan(100);
    // What the validator's own resolution returns: ajv compiles each schema to hand back the registered object.
    const compiled = createRequestAjv(document, preprocessorOptions(document));
    const byAjv = names.map((name) => compiled.getSchema(`#/components/schemas/${name}`)?.schema);
    resolveComponentSchemasWithoutCompiling();
    const preprocessor = new SchemaPreprocessor(document, preprocessorOptions(document), false);
    // preProcess takes the registered schemas; resolution below answers from them.
    preprocessor.preProcess();
    const before = componentSchemaLookups.count;
    names.forEach((name, index) => {
      expect(preprocessor.resolveSchema({ $ref: `#/components/schemas/${name}` }) === byAjv[index], name).to.equal(true);
    });
    expect(componentSchemaLookups.count - before).to.equal(names.length);
  });

  it('leaves a $ref that names no component schema, and an inline schema, to the validator’s own resolution', () => {
    const document = structuredClone(validationContract());
    resolveComponentSchemasWithoutCompiling();
    const preprocessor = new SchemaPreprocessor(document, preprocessorOptions(document), false);
    preprocessor.preProcess();
    const before = componentSchemaLookups.count;
    const inline = { type: 'string' };
    expect(preprocessor.resolveSchema(inline)).to.equal(inline);
    const parameters = (document.components as { parameters?: Record<string, unknown> }).parameters ?? {};
    const [name] = Object.keys(parameters);
    expect(preprocessor.resolveSchema({ $ref: `#/components/parameters/${name}` })).to.equal(parameters[name]);
    expect(componentSchemaLookups.count).to.equal(before);
  });
});
