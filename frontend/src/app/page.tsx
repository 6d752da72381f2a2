import { Suspense } from "react";
import { Loading } from "@/components/Loading";
import { HomeGate } from "@/features/auth/HomeGate";

export default function HomePage() {
  return (
    <Suspense fallback={<Loading />}>
      <HomeGate />
    </Suspense>
  );
}
