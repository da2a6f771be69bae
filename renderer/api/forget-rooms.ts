/**
 * The room-vote journals of workshops deleted for good (`session.forget` on the Node side). The
 * contract client loads only when there is something to forget, so start-up does not wait for it.
 * A host without room votes (or one that cannot be reached now) keeps the files until the next
 * purge finds nothing to purge: they are small, and the README says where they are.
 */
export async function forgetRooms(workshopIds: readonly string[]): Promise<void> {
  const { api } = await import('./client');
  for (const workshopId of workshopIds) {
    try {
      await api.call('session.forget', { workshopId });
    } catch (err) {
      console.warn(`room-vote files of deleted workshop ${workshopId} kept:`, err);
    }
  }
}
