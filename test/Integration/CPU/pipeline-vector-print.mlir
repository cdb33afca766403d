// RUN: seg-opt %s --seg-to-cpu | %run-cpu | FileCheck %s

// Printing a whole register tile (an n-D vector) while debugging.

func.func @main() {
  %v = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi64>
  // CHECK: ( ( 1, 2, 3 ), ( 4, 5, 6 ) )
  vector.print %v : vector<2x3xi64>
  return
}
