/** The folder with the peer benchmark (../shared/peers or $PEERS_DIR); exits with a message when absent. */
export function peersDir(): string;
/** This repository's root folder. */
export const repoRoot: string;
