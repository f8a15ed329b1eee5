#!/usr/bin/env node
import { launch } from './launch.js';

await launch('server/proxy/cli');
