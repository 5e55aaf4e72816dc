import { ensureTestClips } from './media-fixture';

export default async function setup() {
  await ensureTestClips();
}
