import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';

export interface ConfirmDeleteDialogProps {
  /** What is deleted, e.g. "the workshop Princess Tea Party"; null closes the dialog. */
  subject: string | null;
  consequence: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Deleting is asked twice: the dialog names what goes and what follows. */
export function ConfirmDeleteDialog({ subject, consequence, isPending, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      isOpen={subject !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete?"
      footer={
        <>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onPress={onConfirm} isDisabled={isPending}>
            {isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      <p>
        Delete {subject}? {consequence}
      </p>
    </Dialog>
  );
}
