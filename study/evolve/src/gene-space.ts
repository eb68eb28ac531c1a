/**
 * What the search searches: a list of genes, each with a finite list of options, and a genome
 * that picks one option per gene. Generic on purpose: the engine never knows it is evolving
 * dialects, so it is tested on synthetic problems with known optima (OneMax, a two-objective
 * front) and then run on @silp/dialects' DIALECT_SPACE.
 */

export interface GeneDefinition {
  readonly name: string;
  readonly options: readonly string[];
}

export type GeneSpace = readonly GeneDefinition[];

/** One option label per gene name. */
export type Genome = Readonly<Record<string, string>>;

/** Checks a gene space once: names unique, at least one option each, options unique. */
export function checkGeneSpace(space: GeneSpace): void {
  if (space.length === 0) throw new RangeError("the gene space has no gene");
  const names = new Set<string>();
  for (const gene of space) {
    if (names.has(gene.name)) throw new RangeError(`gene ${JSON.stringify(gene.name)} appears twice`);
    names.add(gene.name);
    if (gene.options.length === 0) throw new RangeError(`gene ${JSON.stringify(gene.name)} has no option`);
    if (new Set(gene.options).size !== gene.options.length) throw new RangeError(`gene ${JSON.stringify(gene.name)} lists an option twice`);
  }
}

/** The genome's genes in the space's order (a fixed key order makes keys and files stable). */
export function orderedGenome(space: GeneSpace, genome: Genome): Genome {
  const out: Record<string, string> = {};
  for (const gene of space) {
    const value = genome[gene.name];
    if (value === undefined || !gene.options.includes(value)) {
      throw new RangeError(`gene ${JSON.stringify(gene.name)}: ${JSON.stringify(value)} is not one of ${gene.options.join(", ")}`);
    }
    out[gene.name] = value;
  }
  const extra = Object.keys(genome).filter((name) => !space.some((gene) => gene.name === name));
  if (extra.length > 0) throw new RangeError(`unknown gene${extra.length === 1 ? "" : "s"}: ${extra.join(", ")}`);
  return out;
}

/** A stable identity for a genome: its options in gene order. */
export function genomeKey(space: GeneSpace, genome: Genome): string {
  return JSON.stringify(space.map((gene) => genome[gene.name] ?? null));
}

/** Number of points in the space (may exceed 2^53 for large spaces; then it is approximate). */
export function spaceSize(space: GeneSpace): number {
  return space.reduce((product, gene) => product * gene.options.length, 1);
}
