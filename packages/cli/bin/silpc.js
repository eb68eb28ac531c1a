#!/usr/bin/env node
// The `silpc` command. A committed file rather than dist/main.js itself: npm links a package's
// bins when it installs it, which in a fresh clone happens before `prepare` builds dist/, and npm
// skips a bin whose file does not exist yet.
import "../dist/main.js";
