import { Suspense } from "react";
import { Loading } from "@/components/Loading";
import { StartPageOnly } from "@/components/StartPageOnly";
import { HomeGate } from "@/features/auth/HomeGate";

export default function HomePage() {
  return (
    <StartPageOnly>
      <Suspense fallback={<Loading />}>
        <HomeGate />
      </Suspense>
    </StartPageOnly>
  );
}
