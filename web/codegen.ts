import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { Supergraph } from '@apollo/federation-internals';
import { printSchema } from 'graphql';

/**
 * The console's operation types, generated from the committed supergraph's API schema: what a
 * client of the gateway sees, without federation's join types. `--check` fails when stale.
 */
const supergraph = readFileSync(resolve(__dirname, '..', 'schema', 'supergraph.graphql'), 'utf8');
const apiSchema = printSchema(Supergraph.build(supergraph).apiSchema().toGraphQLJSSchema());

const config: CodegenConfig = {
  schema: apiSchema,
  documents: [resolve(__dirname, 'src/**/*.{ts,tsx}'), `!${resolve(__dirname, 'src/graphql/**')}`],
  ignoreNoDocuments: false,
  generates: {
    [resolve(__dirname, 'src/graphql') + '/']: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTimeISO: 'string', JSON: 'unknown', JSONObject: 'Record<string, unknown>', SafeInt: 'number' },
        strictScalars: true,
      },
    },
  },
};

export default config;
