    // A method returning one long left-associated `.` chain: PHP 8.2's compiler recurses
    // once per operator (zend_compile_expr -> zend_compile_binary_op -> ...) and overflows
    // the C stack. make.sh repeats the four-term group GROUP 1,500 times (6,000 terms);
    // about 3,500 terms are enough under `ulimit -s 512`.
    private function joinCells(string $cell, string $pad, string $sep, string $row): string
    {
        return GROUP;
    }
