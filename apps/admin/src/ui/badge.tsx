import type { StatusInfo } from './format.ts';

export function Badge({ info }: { info: StatusInfo }) {
  return <span className={`badge badge-${info.tone}`}>{info.label}</span>;
}
