// Saves a change to the account and tells the shopper; the API client shows the server's message on failure.
import { useBusy } from "../../lib/busy.tsx";
import { updateAccount, type Account, type AccountChanges } from "./api/account.ts";
import { toast } from "../../lib/toast.ts";

export type Saved = (account: Account) => void;

export function useSave(onSaved: Saved) {
  const { run } = useBusy();
  return async (changes: AccountChanges, message: string): Promise<boolean> => {
    try {
      onSaved(await run(updateAccount(changes)));
      toast.success(message);
      return true;
    } catch {
      // the API client showed the server's message
      return false;
    }
  };
}
