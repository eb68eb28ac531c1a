export function figureMarkers(name: string): { start: string; end: string };
export function writeFigures(path: string, name: string, body: string, command: string): void;
