import { build } from 'esbuild';
import { lambdaBuildOptions } from '@infra/constructs/lambda-bundle';
const [entry, out] = process.argv.slice(2);
const options = lambdaBuildOptions(entry!, out!);
await build({ ...options, minify: false, metafile: false });
console.log('built', entry);
