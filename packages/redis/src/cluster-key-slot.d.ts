/** The part of cluster-key-slot (ioredis' own slot function; it ships no types) that the store uses. */
declare module "cluster-key-slot" {
  /** The Redis Cluster hash slot (0..16383) of a key, hash tags honoured. */
  export default function generate(key: string): number;
}
