import { Skeleton } from "../components/skeleton.tsx";
import { useAccount } from "../features/account/use-account.ts";
import { Profile } from "../features/account/profile-section.tsx";
import { SavedAddress } from "../features/account/saved-address-section.tsx";
import { PasswordChange } from "../features/account/password-section.tsx";
import { Notices } from "../features/account/notices-section.tsx";
import { NifSection } from "../features/account/nif-section.tsx";

/** The signed-in shopper's account: who they are, the saved delivery address, the password, notices. */
export default function AccountPage() {
  const [account, setAccount] = useAccount();

  return (
    <div className="account">
      <h1 className="page-title">MINHA CONTA</h1>
      {!account ? (
        <Skeleton count={4} variant="row" />
      ) : (
        <>
          <Profile account={account} onSaved={setAccount} />
          <SavedAddress account={account} onSaved={setAccount} />
          <NifSection account={account} onSaved={setAccount} />
          <PasswordChange />
          <Notices account={account} onSaved={setAccount} />
        </>
      )}
    </div>
  );
}
