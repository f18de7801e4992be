"""What the tests, ``bin/bench`` and ``bin/reliability`` share: free ports and the processes they start."""
