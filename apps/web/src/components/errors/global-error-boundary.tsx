import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorLog } from '@/lib/error-log';
import { reportError } from '@/lib/error-reporting';
import { Footer } from '../layouts/footer';
import { copyErrorDetails, formatErrorDetails } from './error-details';
import { ErrorScreen } from './error-screen';

export const GLOBAL_ERROR_TITLE = 'Oops! Something went wrong';
export const AUTO_RECOVERY_THRESHOLD = 3;
export const AUTO_RECOVERY_DELAY_MS = 5_000;

type Props = { children: ReactNode; onGoHome?: () => void };
type State = { error: Error | null; errorCount: number; componentStack: string | null };

/** Spec §4: the global fallback with Try Again, Go Home, Report This Issue and auto-recovery. */
export class GlobalErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorCount: 0, componentStack: null };
  private recoveryTimer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const errorCount = this.state.errorCount + 1;
    this.setState({ errorCount, componentStack: info.componentStack ?? null });
    errorLog.record(error, 'GlobalErrorBoundary');
    reportError(error, { componentStack: info.componentStack });
    if (errorCount >= AUTO_RECOVERY_THRESHOLD) {
      this.clearRecoveryTimer();
      this.recoveryTimer = setTimeout(() => {
        this.recoveryTimer = null;
        this.setState({ error: null, errorCount: 0, componentStack: null });
      }, AUTO_RECOVERY_DELAY_MS);
    }
  }

  override componentWillUnmount(): void {
    this.clearRecoveryTimer();
  }

  private clearRecoveryTimer() {
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    this.recoveryTimer = null;
  }

  private handleTryAgain = () => {
    this.clearRecoveryTimer();
    this.setState({ error: null, componentStack: null });
  };

  private handleGoHome = () => {
    this.clearRecoveryTimer();
    this.setState({ error: null, errorCount: 0, componentStack: null });
    if (this.props.onGoHome) this.props.onGoHome();
    else window.location.assign('/');
  };

  private handleReport = () => {
    const { error, componentStack } = this.state;
    if (error) void copyErrorDetails(formatErrorDetails(error, { componentStack }));
  };

  override render(): ReactNode {
    const { error, errorCount } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="flex min-h-dvh flex-col">
        <main className="flex flex-1 flex-col">
          <ErrorScreen
            icon={TriangleAlert}
            title={GLOBAL_ERROR_TITLE}
            message="Something hit a wrong note on our side. Your data is safe — try again, or head back home."
            notice={
              errorCount >= 2 ? (
                <p
                  className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
                  data-testid="auto-recovery-notice"
                >
                  This error keeps happening.{' '}
                  {errorCount >= AUTO_RECOVERY_THRESHOLD
                    ? 'We’ll try to recover automatically in 5 seconds.'
                    : 'If it happens again, we’ll try to recover automatically.'}
                </p>
              ) : null
            }
          >
            <Button onClick={this.handleTryAgain}>Try Again</Button>
            <Button variant="secondary" onClick={this.handleGoHome}>
              Go Home
            </Button>
            <Button variant="ghost" onClick={this.handleReport}>
              Report This Issue
            </Button>
          </ErrorScreen>
        </main>
        <Footer />
      </div>
    );
  }
}
