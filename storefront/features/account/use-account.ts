import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../auth/session.tsx";
import { SessionExpiredError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { getAccount, type Account } from "./api/account.ts";

/** The signed-in shopper's account, loaded once (a signed-out visitor goes to /login); the setter takes saved changes. */
export function useAccount(): [Account | null, (account: Account) => void] {
  const { token } = useSession();
  const navigate = useNavigate();
  const [account, setAccount] = useState<Account | null>(null);

  useEffect(() => {
    if (!token) {
      void navigate("/login");
      return;
    }
    let live = true;
    getAccount().then(
      (a) => live && setAccount(a),
      (e: unknown) => {
        if (!(e instanceof SessionExpiredError) && live) toast.error("Não foi possível carregar a sua conta");
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return [account, setAccount];
}

/** The account when signed in, read quietly (checkout: which phones are confirmed); null while unknown or signed out. */
export function useAccountIfSignedIn(token: string): [Account | null, (account: Account) => void] {
  const [account, setAccount] = useState<Account | null>(null);
  useEffect(() => {
    if (!token) {
      setAccount(null);
      return;
    }
    let live = true;
    getAccount({ quiet: true }).then(
      (a) => live && setAccount(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  return [account, setAccount];
}
