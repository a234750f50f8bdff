/**
 * Writes generated/ from contract/openapi.yaml. openapi-typescript is pure npm and reads OpenAPI 3.1
 * natively; the Java openapi-generator needs a JAR download these machines cannot make.
 * `--check` exits 1 when generated/ differs from what would be written now.
 */
import { readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parse } from 'yaml';
import openapiTS, { astToString, oapiRef, type SchemaObject } from 'openapi-typescript';
import { deriveOperationIndex, deriveValidationContract } from '../src/http/contract.js';
import { REQUEST_VALIDATION_INDEX_PATH, REQUEST_VALIDATORS_DIR } from '../src/http/contract-validator.js';
import { renderRequestValidators, staleRequestValidatorFiles } from './request-validators.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractPath = path.join(root, 'contract', 'openapi.yaml');
const outputPath = path.join(root, 'generated', 'openapi.ts');
/** The contract parsed once here, so the server starts with JSON.parse (~20 ms) instead of the YAML parser (~0.6 s). */
const parsedPath = path.join(root, 'generated', 'openapi.json');
/** The SDK package ships the same types (it cannot import outside its folder once packed); test/sdk checks the two are identical. */
/** The contract as the request validator reads it (src/http/contract.ts `deriveValidationContract`), so the server does not derive it at start. */
const validationPath = path.join(root, 'generated', 'validation-contract.json');
/** The operations as the access policy reads them (src/http/contract.ts `deriveOperationIndex`), so building the app parses no contract. */
const operationIndexPath = path.join(root, 'generated', 'operation-index.json');
const sdkCopyPath = path.join(root, 'sdk', 'typescript', 'src', 'generated', 'openapi.ts');

/**
 * A schema marked `x-recursive-ref` (TraceSpan.children) stands for the schema it names. The contract
 * writes it without a `$ref` cycle so dereferencing tools load it; the types keep the recursion.
 */
function recursiveRef(schema: SchemaObject): ReturnType<typeof oapiRef> | undefined {
  const target = (schema as Record<string, unknown>)['x-recursive-ref'];
  return typeof target === 'string' ? oapiRef(target) : undefined;
}

export async function renderGenerated(): Promise<string> {
  const ast = await openapiTS(new URL(`file://${contractPath}`), { alphabetize: false, transform: recursiveRef });
  const header = '/**\n * Generated from contract/openapi.yaml by `npm run generate`. Do not edit by hand.\n */\n\n';
  return header + astToString(ast);
}

/** generated/openapi.json: the contract as the server reads it (src/http/contract.ts), compact as it serves it. */
export async function renderParsedContract(): Promise<string> {
  return JSON.stringify(parse(await readFile(contractPath, 'utf8'), { maxAliasCount: -1 }));
}

/** generated/validation-contract.json: `deriveValidationContract` of the parsed contract (renderParsedContract's text), compact. */
export async function renderValidationContract(parsed?: string): Promise<string> {
  return JSON.stringify(deriveValidationContract(JSON.parse(parsed ?? (await renderParsedContract())) as Record<string, unknown>));
}

/** generated/operation-index.json: `deriveOperationIndex` of the parsed contract (renderParsedContract's text), compact. */
export async function renderOperationIndex(parsed?: string): Promise<string> {
  return JSON.stringify(deriveOperationIndex(JSON.parse(parsed ?? (await renderParsedContract())) as Record<string, unknown>));
}

async function main(): Promise<void> {
  const rendered = await renderGenerated();
  const parsed = await renderParsedContract();
  // Both derived from the one parse of the YAML above.
  const validation = await renderValidationContract(parsed);
  const operationIndex = await renderOperationIndex(parsed);
  // The request validators express-openapi-validator would compile from the validation contract just derived.
  const requestValidators = await renderRequestValidators(JSON.parse(validation) as Record<string, unknown>);
  if (process.argv.includes('--check')) {
    const current = await readFile(outputPath, 'utf8').catch(() => '');
    const currentParsed = await readFile(parsedPath, 'utf8').catch(() => '');
    const currentValidation = await readFile(validationPath, 'utf8').catch(() => '');
    const currentOperationIndex = await readFile(operationIndexPath, 'utf8').catch(() => '');
    const staleValidators = await staleRequestValidatorFiles(requestValidators);
    if (current !== rendered || currentParsed !== parsed || currentValidation !== validation || currentOperationIndex !== operationIndex || staleValidators.length > 0) {
      console.error('generated/ is out of date with contract/openapi.yaml: run `npm run generate`.');
      if (staleValidators.length > 0) console.error(`stale: ${staleValidators.slice(0, 10).join(', ')}${staleValidators.length > 10 ? ` and ${staleValidators.length - 10} more` : ''}`);
      process.exit(1);
    }
    console.log('generated/ is up to date.');
    return;
  }
  await mkdir(path.dirname(outputPath), { recursive: true });
  await writeFile(outputPath, rendered);
  console.log(`wrote ${path.relative(root, outputPath)}`);
  await writeFile(parsedPath, parsed);
  console.log(`wrote ${path.relative(root, parsedPath)}`);
  await writeFile(validationPath, validation);
  console.log(`wrote ${path.relative(root, validationPath)}`);
  await writeFile(operationIndexPath, operationIndex);
  console.log(`wrote ${path.relative(root, operationIndexPath)}`);
  await writeFile(REQUEST_VALIDATION_INDEX_PATH, requestValidators.index);
  console.log(`wrote ${path.relative(root, REQUEST_VALIDATION_INDEX_PATH)}`);
  // Written afresh: a module of an operation the contract no longer has must not stay behind.
  await rm(REQUEST_VALIDATORS_DIR, { recursive: true, force: true });
  await mkdir(REQUEST_VALIDATORS_DIR, { recursive: true });
  for (const [file, text] of Object.entries(requestValidators.modules)) await writeFile(path.join(REQUEST_VALIDATORS_DIR, file), text);
  console.log(`wrote ${path.relative(root, REQUEST_VALIDATORS_DIR)}/ (${Object.keys(requestValidators.modules).length} modules)`);
  await mkdir(path.dirname(sdkCopyPath), { recursive: true });
  await writeFile(sdkCopyPath, rendered);
  console.log(`wrote ${path.relative(root, sdkCopyPath)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
