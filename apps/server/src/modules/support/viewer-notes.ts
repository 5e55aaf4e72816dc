import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import type { SupportRepository } from './support.repository';
import type { NoteRow } from './support.tables';

export interface ViewerNoteView {
  id: string;
  text: string;
  operatorId: string;
  createdAt: string;
}

const viewOf = (r: NoteRow): ViewerNoteView => ({
  id: r.id,
  text: r.text,
  operatorId: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

/** Operators' internal notes on a viewer: written by support, never shown to the viewer. */
export function createViewerNotes(deps: { repo: SupportRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** A viewer's notes, newest first. */
    async notesOf(userId: string): Promise<ViewerNoteView[]> {
      return (await repo.notesOf(userId)).map(viewOf);
    },

    /** Adds a note (the caller checked the viewer exists); `onAdded` audits it in the same transaction. */
    async addNote(
      input: { userId: string; text: string; operatorId: string },
      onAdded?: (tx: Tx, note: ViewerNoteView) => Promise<void>,
    ): Promise<ViewerNoteView> {
      const text = input.text.trim();
      return repo.db.transaction(async (tx) => {
        const note = viewOf(
          await repo.insertNoteIn(tx, {
            userId: input.userId,
            text,
            by: input.operatorId,
            now: clock.now(),
          }),
        );
        await onAdded?.(tx, note);
        return note;
      });
    },
  };
}
