// `--import` this to run an example against the repository's sources (see the resolve hook).
import { register } from 'node:module';

register('./example-package-resolve.mjs', import.meta.url);
