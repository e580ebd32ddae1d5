import { create } from 'zustand';

export type LoginDialogMode = 'login' | 'register';

type LoginDialogState = {
  isOpen: boolean;
  mode: LoginDialogMode;
  open: (mode?: LoginDialogMode) => void;
  close: () => void;
};

/**
 * Global switch of the login dialog (SPEC.md §2): the header's Login and Register buttons, the
 * footer's feedback warning and "like a teacher while logged out" (SPEC.md §5) all open it.
 * The dialog itself is rendered once by the shell.
 */
export const useLoginDialog = create<LoginDialogState>()((set) => ({
  isOpen: false,
  mode: 'login',
  open: (mode = 'login') => set({ isOpen: true, mode }),
  close: () => set({ isOpen: false }),
}));
