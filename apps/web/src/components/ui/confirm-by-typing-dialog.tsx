import { useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { Input } from './input';
import { Label } from './label';

export type ConfirmByTypingDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description: ReactNode;
  /** What the person may type (compared without case), besides the word "delete". */
  expected: string;
  confirmLabel: string;
  isPending: boolean;
  error: string | null;
  onConfirm: (typed: string) => void;
};

/**
 * An irreversible action's confirmation: the button stays disabled until the person has typed
 * the expected text (or "delete").
 */
export function ConfirmByTypingDialog(props: ConfirmByTypingDialogProps) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const normalised = typed.trim().toLowerCase();
  const isConfirmed = normalised === 'delete' || normalised === props.expected.trim().toLowerCase();
  return (
    <Dialog
      open={props.isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) setTyped('');
        props.onOpenChange(isOpen);
      }}
    >
      <DialogContent title={props.title} description={props.description}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (isConfirmed) props.onConfirm(typed);
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>
              Type <strong className="break-all">{props.expected}</strong> or{' '}
              <strong>delete</strong> to confirm
            </Label>
            <Input
              id={inputId}
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
              hasError={Boolean(props.error)}
            />
            {props.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {props.error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={!isConfirmed}
              isLoading={props.isPending}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
