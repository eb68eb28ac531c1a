/**
 * packages/mcp/server.json, what the MCP Registry reads to list `silp-mcp`. No package on the npm
 * registry carries the Registry's schema, so the fields its documentation names are checked
 * (modelcontextprotocol.io/registry: "Package Types", the official registry requirements, and
 * the server.json format reference, schema 2025-12-11): a canonical `$schema`, a reverse-DNS name
 * with one slash that the npm package claims with `mcpName`, a description of at most 100
 * characters, exact versions equal to the package's, and a package entry with its transport.
 */
import { test } from "vitest";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SILP_MCP_EXTENSION_ID } from "../src/index.js";

const read = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../${name}`, import.meta.url), "utf8")) as Record<string, unknown>;
const server = read("server.json");
const pkg = read("package.json") as { name: string; version: string; mcpName?: string; bin?: Record<string, string>; files: string[] };

/** The top-level fields of the 2025-12-11 schema. */
const FIELDS = ["$schema", "name", "title", "description", "version", "packages", "remotes", "repository", "websiteUrl", "icons", "_meta"];
const EXACT_SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

test("server.json names the server, its version and its schema as the Registry asks", () => {
  assert.equal(server.$schema, "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
  assert.deepEqual(
    Object.keys(server).filter((key) => !FIELDS.includes(key)),
    [],
  );
  const name = server.name as string;
  assert.equal(name.split("/").length, 2, "exactly one slash");
  const [namespace, local] = name.split("/") as [string, string];
  for (const label of namespace.split(".")) assert.match(label, /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, `a DNS label: ${label}`);
  assert.match(local, /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/);
  // The namespace is the one the server already declares SILP under (silp.dev, reverse DNS).
  assert.equal(namespace, SILP_MCP_EXTENSION_ID.split("/")[0]);
  assert.equal(pkg.mcpName, name, "the npm package claims the name (the Registry's ownership check)");
  const description = server.description as string;
  assert.ok(description.length > 0 && description.length <= 100, `${description.length} characters`);
  assert.equal(server.version, pkg.version);
  assert.match(server.version as string, EXACT_SEMVER);
});

test("its one package is this npm package at this version, run over stdio by its one bin", () => {
  const packages = server.packages as Record<string, unknown>[];
  assert.equal(packages.length, 1);
  const [entry] = packages as [Record<string, unknown>];
  assert.deepEqual(
    { registryType: entry.registryType, identifier: entry.identifier, version: entry.version, transport: entry.transport },
    { registryType: "npm", identifier: pkg.name, version: pkg.version, transport: { type: "stdio" } },
  );
  assert.equal(entry.registryBaseUrl, "https://registry.npmjs.org", "the only npm registry the Registry supports");
  // `npx @silp/mcp` runs the package's bin only when there is exactly one.
  assert.equal(entry.runtimeHint, "npx");
  assert.deepEqual(Object.keys(pkg.bin ?? {}), ["silp-mcp"]);
  assert.ok(pkg.files.includes("server.json"), "the tarball carries it");
});
