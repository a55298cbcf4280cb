#!/usr/bin/env node
// The `sentinel` command (package.json "bin"): loads TypeScript through tsx, as
// `node --import tsx` does, and runs services/cli.ts with the same arguments.
import { register } from 'tsx/esm/api';

register();
await import('../services/cli.ts');
